#!/bin/sh
# Runs one command inside a desktop root: a private mount namespace (nothing leaks to the machine), /proc, /dev, /sys,
# and the machine's /tmp and the checkout bound at the same paths, so sockets and files agree inside and out.
# Usage: enter.sh ROOT REPO COMMAND [ARG...]   (root only; the caller's environment, PATH included, reaches COMMAND unchanged)
set -eu
if [ "$#" -lt 3 ]; then
  echo "usage: enter.sh ROOT REPO COMMAND [ARG...]" >&2
  exit 2
fi
caller_path=${PATH:-/usr/bin:/bin}
PATH=/usr/sbin:/usr/bin:/sbin:/bin
export caller_path
exec unshare --mount --propagation private -- /bin/sh -c '
set -eu
root=$1 repo=$2
shift 2
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount --bind /sys "$root/sys"
mount --rbind /tmp "$root/tmp"
mkdir -p "$root$repo"
mount --bind -o ro "$repo" "$root$repo"
chroot_bin=$(command -v chroot)
PATH=$caller_path
unset caller_path
exec "$chroot_bin" "$root" "$@"
' enter "$@"
