import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Islands load some modules lazily (the database on submit); on a busy 2-core CI machine the first
// load can take longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
