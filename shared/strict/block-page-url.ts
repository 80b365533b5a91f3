// Where a blocked address goes: the block page's address for it (small: the page guard in every page builds it too).

/**
 * Where a blocked address goes: the block page, told which entry blocked it and, after `#`, that one address (for
 * Save for later; a fragment never leaves the browser). Nothing else of the person's browsing is passed.
 */
export function blockPageUrl<Path extends string>(blockPage: Path, entry: string, address?: string): `${Path}?site=${string}` {
  return `${blockPage}?site=${encodeURIComponent(entry)}${address === undefined ? '' : `#${address}`}`;
}
