// Strict sessions as a feature: the session machine owns their rules and waits, so the feature answers no request of its own.
import type { FeatureDeclaration } from '../messages/request-spec';

export const STRICT_FEATURE = { name: 'strict', requests: {} } as const satisfies FeatureDeclaration;
