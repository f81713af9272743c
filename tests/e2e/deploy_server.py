"""A copy of dist/ on its own localhost server, for tests that deploy again.

It records every path it serves, can answer chosen paths with an error, and
rebuilds the service worker's manifest after a test changed the copy (as
build.sh dist does), so a test sees what a returning visitor would see.
"""

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


class DeployServer:
    def __init__(self, dist, folder, sub_path=""):
        """Serves a copy of ``dist`` at ``/sub_path/`` (GitHub Pages' project sites)."""
        root = str(folder)
        self.folder = os.path.join(root, sub_path)
        shutil.copytree(dist, self.folder)
        self.served = []  # (path, status) in order
        self.failing = {}  # path -> status to answer instead of the file
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def send_head(self):
                status = server.failing.get(self.path.split("?")[0])
                if status is not None:
                    self.send_error(status)
                    return None
                return super().send_head()

            def log_request(self, code="-", size="-"):
                server.served.append((self.path.split("?")[0], int(getattr(code, "value", code))))

            def log_message(self, *args):
                pass

        self._http = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Handler, directory=root))
        threading.Thread(target=self._http.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self._http.server_address[1]}/" + (sub_path + "/" if sub_path else "")

    def path(self, rel):
        return os.path.join(self.folder, rel)

    def redeploy(self):
        """Writes the manifest for the copy's current files into its sw.js."""
        subprocess.run([sys.executable, os.path.join(ROOT, "tools", "build", "precache.py"), self.folder],
                       check=True, capture_output=True)

    def downloads(self):
        """Paths answered with a whole body (200), in order."""
        return [path for path, status in self.served if status == 200]

    def close(self):
        self._http.shutdown()
        self._http.server_close()
