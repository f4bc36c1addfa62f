import { configure } from '@testing-library/dom';

// A screen that loads a lazy chunk can take seconds on a busy 2-core machine; findBy* queries wait up to 10 s
// instead of 1 s before failing (a passing query returns as soon as it matches).
configure({ asyncUtilTimeout: 10_000 });
