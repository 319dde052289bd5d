from allauth.account.adapter import DefaultAccountAdapter
from django.http import HttpRequest


class AccountAdapter(DefaultAccountAdapter):
    """Accounts are created by staff (``createsuperuser``, the admin, ``create_demo_user``), never by visitors."""

    def is_open_for_signup(self, request: HttpRequest) -> bool:
        return False
