// Runs every *.cases.ts of this folder, and of its subfolders without an all.test.ts of their own, in
// this one Jest test file (shared-domain/testing's importCases says why).
import { importCases } from 'shared-domain/testing';

await importCases(import.meta.url);
