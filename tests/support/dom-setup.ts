import { configure } from '@testing-library/react';

/**
 * How long `findBy…` and `waitFor` wait before a component test fails. Testing Library's second is
 * too short for a CI machine whose two cores also run the database tests and a build: a render that
 * takes 1.3 s there failed tests whose behaviour was right. A wrong answer still fails, only later.
 */
configure({ asyncUtilTimeout: 5000 });
