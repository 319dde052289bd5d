from django.urls import path

from advisor.apikeys import views

app_name = "apikeys"

urlpatterns = [
    path("account/tokens/", views.token_list, name="token-list"),
    path("account/tokens/<int:key_id>/revoke", views.token_revoke, name="token-revoke"),
]
