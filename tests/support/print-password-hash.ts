import { closePasswordHashing, hashPassword } from '../../src/server/lib/password-hash';
import { TEST_PASSWORD } from './test-password';

/** Prints TEST_PASSWORD's stored hash, made by the app's own function (for password-hash-setup.ts). */
process.stdout.write(await hashPassword(TEST_PASSWORD));
await closePasswordHashing();
