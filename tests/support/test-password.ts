/** The password of every member a test makes. */
export const TEST_PASSWORD = 'Correct-Horse-9';

/** Where the test run's global setup leaves TEST_PASSWORD's stored hash for the test processes. */
export const TEST_PASSWORD_HASH_VAR = 'XRP_TEST_PASSWORD_HASH';
