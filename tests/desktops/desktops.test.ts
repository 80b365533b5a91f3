// Each newer desktop (GNOME 48 and 51, KWin 6.3 and 6.7, labwc 0.8, sway 1.12) against the same contract.
import { inject } from 'vitest';
import { NEWER_DESKTOPS } from '../../harness/newer-desktops';
import { describeDesktop } from './desktop-contract';

const roots = inject('desktopRoots');

for (const desktop of NEWER_DESKTOPS) describeDesktop(desktop, () => roots[desktop.suite]!);
