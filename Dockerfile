# Trionfi: the web app on port 8000, its embedded database in the /data volume.
FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

RUN useradd --create-home --uid 10001 --user-group trionfi \
    && mkdir /data \
    && chown trionfi:trionfi /data

# A plain (non-editable) install: templates/ and static/ go to <prefix>/share/trionfi, where
# app/paths.py finds them, so the source copy is removed afterwards. A C compiler is there
# only while installing: the build compiles the bots' search with mypyc (the hard bot thinks
# about 2.8 times as fast; tools/build_backend.py). The official image has Python's
# headers; a Debian python3 needs python3-dev for them. Without them it stays pure Python.
COPY . /tmp/trionfi
RUN build="gcc libc6-dev" \
    && if ! python -c 'import sys, sysconfig, os; sys.exit(not os.path.exists(sysconfig.get_paths()["include"] + "/Python.h"))'; then build="$build python3-dev"; fi \
    && apt-get update -qq \
    && apt-get install -y -qq --no-install-recommends $build >/dev/null \
    && pip install --no-cache-dir /tmp/trionfi \
    && python -c 'from app.bots.compiled import is_compiled; print("the bots compiled:", is_compiled())' \
    && apt-get purge -y -qq --auto-remove $build >/dev/null \
    && rm -rf /var/lib/apt/lists/* /tmp/trionfi

USER trionfi
WORKDIR /home/trionfi
VOLUME /data
EXPOSE 8000

# No curl in the slim image: python's urllib fails (exit 1) on a refused connection or an HTTP error.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/', timeout=4)"]

# Inside a container the LAN address is the host's, not ours: give it with
#   docker run -p 8000:8000 -e TRIONFI_PUBLIC_URL=http://<this machine's LAN address>:8000/ ...
# so that `trionfi serve` prints it and invite links use it.
CMD ["trionfi", "serve", "--host", "0.0.0.0", "--port", "8000", "--data", "/data"]
