// Unit tests run in Node with an in-memory IndexedDB, so the Dexie modules work as in a browser.
import 'fake-indexeddb/auto';
