// A worker entry that cannot start, for the pool's tests.
throw new Error('this worker fails on purpose');
