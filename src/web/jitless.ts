import { z } from 'zod';

// Imported first by main.tsx, before any module that parses with zod at load time (the built-in layouts do).
// The server's Content-Security-Policy has no 'unsafe-eval' (core/server/http/securityHeaders.ts): zod's JIT probes
// `new Function`, which fails harmlessly but is reported as a policy violation. Its interpreter is used instead.
z.config({ jitless: true });
