"""Small helpers the JSON APIs of every app share."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest, JsonResponse


def json_object(request: HttpRequest) -> tuple[dict[str, Any] | None, JsonResponse | None]:
    """The request body as a JSON object, or the 400 answer that says why it is not one."""
    try:
        data = json.loads(request.body)
    except (ValueError, UnicodeDecodeError) as error:
        return None, JsonResponse({"errors": [{"path": "body", "message": f"not valid JSON: {error}"}]}, status=400)
    if not isinstance(data, dict):
        return None, JsonResponse({"errors": [{"path": "body", "message": "expected a JSON object"}]}, status=400)
    return data, None
