#!/usr/bin/env bash
# Installs Debian's Chromium, which the browser tests drive through Playwright,
# unless it is already there. Playwright's own browser download is not used:
# it needs a host this project's machines cannot reach.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
    exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium
