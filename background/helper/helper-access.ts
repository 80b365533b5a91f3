// Whether this browser may start the helper: Firefox for Android runs none, Firefox desktop grants nativeMessaging at run time.
import type { HelperAccess } from './native-channel';

/** The permission the helper's port needs: required on Chrome, optional on Firefox (Android refuses an add-on that requires it). */
export const HELPER_PERMISSION = 'nativeMessaging';

type PermissionsEvent = { addListener(listener: (permissions: { permissions?: string[] }) => void): void };

/** The slice of the browser API the check reads, so tests can hand in a fake. */
export interface AccessApi {
  runtime: { getPlatformInfo(): Promise<{ os: string }> };
  permissions: {
    contains(permissions: { permissions: (typeof HELPER_PERMISSION)[] }): Promise<boolean>;
    onAdded: PermissionsEvent;
    onRemoved: PermissionsEvent;
  };
}

export async function helperAccess(api: AccessApi): Promise<HelperAccess> {
  // Asked first: Android could hold the permission (a profile synced from a desktop) and still has no helper to start.
  const { os } = await api.runtime.getPlatformInfo();
  if (os === 'android') return 'android';
  return (await api.permissions.contains({ permissions: [HELPER_PERMISSION] })) ? 'allowed' : 'not-allowed';
}

/** Calls `listener` when the person grants or withdraws the helper's permission (Firefox's Add-ons Manager, or the page's button). */
export function onHelperPermission(api: AccessApi, listener: () => void): void {
  const changed = ({ permissions }: { permissions?: string[] }) => {
    if (permissions?.includes(HELPER_PERMISSION)) listener();
  };
  api.permissions.onAdded.addListener(changed);
  api.permissions.onRemoved.addListener(changed);
}
