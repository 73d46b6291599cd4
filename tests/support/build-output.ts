// The production build the end-to-end tests run against (`npm run build` writes it to dist/).
import { resolve } from 'node:path';

export const buildDirectory = resolve(process.env.E2E_BUILD_DIR ?? 'dist');
