#!/usr/bin/env bash
# Checks the system packages the test tiers need and installs the missing ones when it can (root or passwordless sudo, apt).
# Runs before `npm test` (pretest) and from .ci/run. Otherwise it stops at once with the exact command to run.
# `--check`: installs nothing, prints the missing packages, exits 3 when any is (vitest.config.ts asks before a bare `npx vitest run`).
set -euo pipefail
# Chromium, Firefox ESR, X11 (Xvfb, openbox, tools), headless sway + foot, KWin, GNOME Shell, weston-terminal, private D-Bus,
# dunst (a notification server, so Firefox on Linux can show its notifications in the tests), mmdebstrap (the desktops tier's trixie and sid roots).
PACKAGES=(chromium xvfb xauth xdotool wmctrl x11-utils openbox xterm fonts-liberation sway foot kwin-wayland weston dbus gnome-shell libglib2.0-bin firefox-esr dunst mmdebstrap arch-test)
COMMAND="sudo apt-get install -y --no-install-recommends ${PACKAGES[*]}"

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  echo "system packages: this is not a Debian/Ubuntu (apt) system; the test tiers need Linux with these packages (Debian names):" >&2
  echo "  ${PACKAGES[*]}" >&2
  echo "install their equivalents, or run the tests on Debian 12 / Ubuntu (see docs/TESTING.md)" >&2
  exit 1
fi

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi
if [ "${1:-}" = "--check" ]; then
  echo "${missing[*]}"
  exit 3
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    echo "system packages missing: ${missing[*]}" >&2
    echo "the tests need them and cannot install them without root; run:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    echo "(all of them: $COMMAND)" >&2
    exit 1
  fi
fi
echo "system packages: installing ${missing[*]}"
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "system packages: installed ${missing[*]}"
