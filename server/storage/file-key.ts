import { randomUUID } from 'node:crypto';
import { FILE_KEY_PATTERN } from '../../engine/files/file-ref';
import { InvalidFileKeyError } from './file-storage';

const KEY = new RegExp(FILE_KEY_PATTERN);

/** A new storage key: a random (version 4) UUID, lower case. */
export function newFileKey(): string {
  return randomUUID();
}

/** Whether `key` is a key the storage could have made: nothing else reaches a file system or a bucket. */
export function isFileKey(key: unknown): key is string {
  return typeof key === 'string' && KEY.test(key);
}

export function assertFileKey(key: unknown): asserts key is string {
  if (!isFileKey(key)) throw new InvalidFileKeyError();
}
