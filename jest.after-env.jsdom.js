// Testing Library waits 1 s for what a test awaits (findBy…, waitFor): on a loaded machine a render
// that answers in 50 ms when quiet can take longer. A real wait still ends; a missing element still
// fails, after 10 s.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
