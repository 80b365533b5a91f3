// The wlr-foreign-toplevel-management protocol's global, named once for its client and for the words of its desktop spec.
export const MANAGER_INTERFACE = 'zwlr_foreign_toplevel_manager_v1';
