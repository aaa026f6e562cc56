#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (test tools cannot download their own browser
# here). Install it when missing; needs root or sudo and Debian's package repositories.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
echo "Chromium não encontrado em $CHROMIUM: instalando o pacote Debian 'chromium'..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends chromium
"$CHROMIUM" --version
