from allauth.account.adapter import DefaultAccountAdapter
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from config.clients import client_address


class AccountAdapter(DefaultAccountAdapter):
    """Accounts are created by staff (``createsuperuser``, the admin, ``create_demo_user``), never by visitors."""

    def is_open_for_signup(self, request: HttpRequest) -> bool:
        return False

    def get_client_ip(self, request: HttpRequest) -> str:
        """allauth's sign-in rate limits read the address as the API and the lockout do (``config.clients``)."""
        address = client_address(request)
        if not address:
            raise PermissionDenied("Unable to determine client IP address")
        return address
