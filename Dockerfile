# Mahjong Tally — the Telegram bot.
#   docker build -t mahjong-tally .
#   docker run -d --name tally -e TELEGRAM_BOT_TOKEN=123:abc -v tally-data:/data mahjong-tally
# Configuration: see bot/config.py (TELEGRAM_BOT_TOKEN, DATABASE_URL, TELEGRAM_API_BASE_URL,
# BOT_MODE=polling|webhook, WEBHOOK_URL, WEBHOOK_PORT, WEBHOOK_SECRET_TOKEN, LOG_LEVEL).

# --- build: a wheel of the project, its translations compiled -------------------------------
FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml README.md LICENSE ./
COPY scoring ./scoring
COPY storage ./storage
COPY bot ./bot
RUN pip install "babel>=2.14,<3" \
 && python -c "import sys; sys.path.insert(0, '.'); from bot.i18n import compile_all; compile_all()" \
 && pip wheel --no-deps --wheel-dir /wheels .

# --- run: the wheel and its dependencies, nothing else ---------------------------------------
FROM python:3.11-slim
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 \
    MAHJONG_TALLY_DATA_DIR=/data \
    DATABASE_URL=sqlite:////data/mahjong-tally.sqlite3 \
    BOT_MODE=polling \
    LOG_LEVEL=INFO
COPY --from=build /wheels /wheels
RUN pip install /wheels/*.whl && rm -rf /wheels \
 && groupadd --system --gid 10001 tally \
 && useradd --system --uid 10001 --gid tally --home-dir /data --shell /usr/sbin/nologin tally \
 && mkdir -p /data && chown tally:tally /data
# the fonts for the images ship inside the package (bot/fonts), nothing to install
USER tally
WORKDIR /data
VOLUME ["/data"]
# webhook mode listens here (behind a reverse proxy that terminates TLS)
EXPOSE 8443
CMD ["mahjong-tally", "bot"]
