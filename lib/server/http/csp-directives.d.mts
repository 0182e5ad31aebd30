/** The policy's directives with `nonce` (pages) or without (every other response); csp-directives.mjs. */
export function contentSecurityPolicy(opts: { nonce?: string; dev: boolean }): string;
