"""One env-driven settings module. Local use needs no environment at all; production sets
DEBUG=false, SECRET_KEY, ALLOWED_HOSTS and DATABASE_URL, and then passes ``check --deploy``."""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.lower() in ("1", "true", "yes", "on"):
        return True
    if value.lower() in ("0", "false", "no", "off"):
        return False
    raise ImproperlyConfigured(f"{name}={value!r}: use true or false")


def env_count(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not value.isascii() or not value.isdigit():
        raise ImproperlyConfigured(f"{name}={value!r}: use a whole number, 0 or more")
    return int(value)


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)
_DEV_SECRET = "dev-only-insecure-key-do-not-use-in-production"
SECRET_KEY = os.environ.get("SECRET_KEY", _DEV_SECRET if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is false")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "csp",
    "allauth",
    "allauth.account",
    "axes",
    "advisor",
    "advisor.accounts",
    "advisor.apikeys",
    "advisor.awr",
    "advisor.estates",
    "ninja",  # its Swagger UI files are served from static (no CDN)
    "pricing",
    "pricing.jobs",  # the one job mechanism (Job rows) over django-tasks
    "django_tasks",
    "django_tasks_db",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # body-size and JSON-shape limits before any body is read; JSON 500s under /api/
    "config.limits.RequestLimitsMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "config.security.PermissionsPolicyMiddleware",
    "config.security.PrivateResponsesMiddleware",  # after authentication: reads request.user as the view left it
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "axes.middleware.AxesMiddleware",  # turns a locked-out sign-in into the lockout page
    # innermost, so the 404 page it renders passes through the CSRF and messages middleware like any page
    "config.middleware.NotFoundMiddleware",
]

# Background work (pricing/jobs): Django's Tasks API (the django-tasks backport). Embedded default: the database
# backend, run by `manage.py db_worker` (`make run` starts one). TASKS_BACKEND swaps in another backend of the same
# API (e.g. an RQ or Celery one, README "Scaling out"); the tests run tasks immediately (tests/conftest.py).
TASKS = {
    "default": {
        "BACKEND": os.environ.get("TASKS_BACKEND", "django_tasks_db.DatabaseBackend"),
        "QUEUES": ["default"],
    }
}

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "builtins": ["template_partials.templatetags.partials"],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    }
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"), conn_max_age=60
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded database serves web workers and a task worker at once: write-ahead logging lets readers go on
    # while one writes, commits are made durable at checkpoints rather than each one (a crash loses at most the
    # last moments, never consistency), and a writer waits for the lock rather than failing at once.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;", "timeout": 20}
    )
if os.environ.get("TEST_DATABASE_NAME"):  # lets two suites share one PostgreSQL server without colliding
    DATABASES["default"]["TEST"] = {"NAME": os.environ["TEST_DATABASE_NAME"]}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
# Sign-in (django-allauth, username or email) with lockout after repeated failures (django-axes, listed first).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "/"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
ACCOUNT_ADAPTER = "advisor.accounts.adapter.AccountAdapter"  # no self sign-up: accounts come from the admin
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "none"
ACCOUNT_RATE_LIMITS = {"login_failed": None}  # axes locks out instead (one mechanism, stored in the database)
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "advisor@localhost")
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = 0.25  # hours: locked for 15 minutes
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_USERNAME_CALLABLE = "advisor.accounts.lockout.attempted_username"
AXES_LOCKOUT_TEMPLATE = "accounts/locked_out.html"
AXES_CLIENT_IP_CALLABLE = "config.clients.client_address"  # the lockout reads addresses as the rate limit does
AXES_VERBOSE = False  # no "AXES: BEGIN ..." banner on every manage.py command and worker start

# The client's address (config/clients.py: the API rate limit and the sign-in lockout). 0, the default: the socket's
# address, right when nothing sits in front of the app. Behind N proxies that append to X-Forwarded-For (1 behind
# one AWS Application Load Balancer): the Nth address from the right of that header. Never set it higher than the
# proxies really in front: any client could then choose the address it is counted by.
TRUSTED_PROXY_COUNT = env_count("TRUSTED_PROXY_COUNT", 0)
NINJA_NUM_PROXIES = TRUSTED_PROXY_COUNT  # django-ninja's own reading, should any throttle use it

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

# Price rows older than this many days are called out on the results, estimate and PDF pages (pricing/engine/freshness.py).
PRICE_STALE_AFTER_DAYS = int(os.environ.get("PRICE_STALE_AFTER_DAYS", "180"))

# JSON API (config/api.py): requests per client (token, user or address) per window, e.g. "60/m"; the counts live
# in a database cache table (created by the apikeys migration 0002), shared by every worker process and server.
API_RATE_LIMIT = os.environ.get("API_RATE_LIMIT", "60/m")
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "api-throttle": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "api_throttle"},
}

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
UPLOADS_ROOT = Path(os.environ.get("UPLOADS_ROOT", "").strip() or BASE_DIR / "uploads")
UPLOADS_S3_BUCKET = os.environ.get("UPLOADS_S3_BUCKET", "").strip()
UPLOADS_STORAGE: dict[str, object] = (
    {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": UPLOADS_S3_BUCKET,
            "location": os.environ.get("UPLOADS_S3_PREFIX", "uploads").strip().strip("/"),
            "region_name": os.environ.get("UPLOADS_S3_REGION", "").strip() or None,
            "endpoint_url": os.environ.get("UPLOADS_S3_ENDPOINT_URL", "").strip() or None,  # an S3-compatible server
            "default_acl": None,  # the bucket's own policy: objects are never public
            "querystring_auth": True,
            "file_overwrite": False,
        },
    }
    if UPLOADS_S3_BUCKET
    else {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": UPLOADS_ROOT, "file_permissions_mode": 0o600, "directory_permissions_mode": 0o700},
    }
)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
    # Uploaded AWR reports, estate ZIPs, a background import's staged files and a price refresh's offer file
    # (config/uploads.py). Every web and task machine must read the same files: a folder by default (one machine, UPLOADS_ROOT); an S3 bucket when
    # UPLOADS_S3_BUCKET is set (django-storages), with the usual AWS credentials (the instance's role, or
    # AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY). docs/deploy.md lists the variables.
    "uploads": UPLOADS_STORAGE,
}

# An imported workload file is small; refuse anything that is not. Per-path body limits (413 before reading
# the body) live in config.limits.DEFAULT_BODY_LIMITS; REQUEST_BODY_LIMITS here would replace them.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000
# Files in one multipart body: well above the AWR import's 256 files per upload (advisor/awr/engine/limits.py), so
# that limit is the one a user meets, said in words; the request body limits bound the work of parsing them.
DATA_UPLOAD_MAX_NUMBER_FILES = 1024

if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]  # load balancers probe over plain HTTP
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp 4). Scripts only from our own static files (htmx and plotly are vendored;
# chart data sits in <script type="application/json"> islands, which are data, not code): no inline script, no eval
# (base.html's htmx-config also sets allowEval false). <style> elements: stylesheets from 'self' and the two fixed
# <style> blocks plotly inserts (hashes below); htmx's indicator <style> is switched off in base.html and its CSS
# lives in app.css. Style *attributes* need 'unsafe-inline': plotly sets them with setAttribute("style", ...) on
# every node it draws, and a few templates carry style="...". CSP 3's style-src-attr confines that allowance to
# attributes, which cannot run code; 'unsafe-hashes' would need a hash for every style value plotly computes, so it
# cannot work. style-src keeps 'unsafe-inline' only as the fallback for browsers that predate -elem/-attr.
# img-src allows data: (the PDF cover logo, plotly's images) and blob: (plotly's "download as PNG").
# plotly.js 4.1.1 (static/vendor) inserts two <style> elements of fixed content when it loads: an empty one it then
# fills through the CSSOM (which CSP does not police) and maplibre's map CSS. Their hashes admit exactly those two;
# a new plotly version means new hashes (tests/browser/test_csp.py fails and the browser prints them).
PLOTLY_STYLE_HASHES = [
    "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",  # "" (plotly.js-style-global)
    "'sha256-ji27qzEtxXZW+7dun6UwjHXJ18e6WAin1VvNtkzIE/o='",  # .maplibregl-map{...}
]
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],  # only for browsers without the two CSP 3 directives below
        "style-src-elem": ["'self'", *PLOTLY_STYLE_HASHES],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}
# Headers Django sets itself (SecurityMiddleware), in every mode; Permissions-Policy comes from config.security.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
# The CSRF token reaches htmx through hx-headers on <body>, never from the cookie, so the cookie can be HttpOnly.
CSRF_COOKIE_HTTPONLY = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
