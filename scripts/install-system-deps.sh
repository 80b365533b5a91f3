#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages the test tiers need: Chromium, X11 (Xvfb, openbox, tools), headless sway + foot, KWin, GNOME Shell, weston-terminal.
set -euo pipefail
PACKAGES=(chromium xvfb xauth xdotool wmctrl x11-utils openbox xterm fonts-liberation sway foot kwin-wayland weston dbus gnome-shell libglib2.0-bin)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "system packages: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
