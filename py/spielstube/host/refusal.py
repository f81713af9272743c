"""A refused intent: a stable reason code, JSON-ready params and an English
sentence. The page translates ``reason.<code>`` with the params; the message
is for logs and people reading the wire."""


class Refusal(Exception):
    def __init__(self, code, message, **params):
        super().__init__(message)
        self.code = code
        self.params = params

    def to_message(self, reply_to):
        return {"type": "error", "reply_to": reply_to, "code": self.code,
                "params": self.params, "message": str(self)}
