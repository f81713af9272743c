"""The web app manifest: the page installs on a phone, also from a sub-path."""

import struct

import pytest

from conftest import DIST, wait_ready
from deploy_server import DeployServer


@pytest.fixture
def sub_path_site(tmp_path):
    server = DeployServer(DIST, tmp_path / "site", sub_path="spielstube")
    yield server
    server.close()


def png_size(page, url):
    data = page.evaluate(
        """async (url) => { const r = await fetch(url);
                            return r.ok ? Array.from(new Uint8Array(await r.arrayBuffer()).slice(0, 24)) : null; }""",
        url)
    assert data is not None, f"{url} is not served"
    assert bytes(data[:8]) == b"\x89PNG\r\n\x1a\n", f"{url} is not a PNG"
    return struct.unpack(">II", bytes(data[16:24]))


def test_the_manifest_installs_from_a_sub_path(browser, sub_path_site):
    site = sub_path_site.url  # http://127.0.0.1:PORT/spielstube/
    context = browser.new_context(service_workers="allow", bypass_csp=True)
    page = context.new_page()
    page.goto(site + "#heptalion")
    wait_ready(page)
    cdp = context.new_cdp_session(page)
    answer = cdp.send("Page.getAppManifest")  # as Chromium parsed it, URLs resolved
    assert answer["url"] == site + "manifest.webmanifest"
    assert answer["errors"] == []
    manifest = answer["manifest"]
    assert manifest["name"] == "Spielstube"
    assert manifest["display"] == "kStandalone"
    # Relative URLs: the app starts, and is identified, at its own sub-path.
    assert manifest["startUrl"] == site and manifest["scope"] == site and manifest["id"] == site
    sizes = {icon["sizes"]: png_size(page, icon["url"]) for icon in manifest["icons"]
             if icon["url"].startswith(site)}
    assert sizes == {"192x192": (192, 192), "512x512": (512, 512)}
    # A test context is a private window, where no browser offers to install.
    installability = [e for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
                      if e["errorId"] != "in-incognito"]
    assert installability == []
    context.close()
