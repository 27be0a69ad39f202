import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, service, type Person } from './fixtures';

// An avatar is a picture by its bytes, not by its name or declared type (issue 29): the avatars
// bucket takes only pictures, so the Storage API compares the bytes with the declared type's
// signature on every way in (upload, upsert, copy, move) and refuses a PDF renamed `.png` with 415.

const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

let student: Person;
const stored: string[] = [];

beforeAll(async () => {
  student = await createPerson('student', 'Avatar');
});

afterAll(async () => {
  if (stored.length > 0) await service.storage.from('avatars').remove(stored);
});

async function uploadAvatar(bytes: Uint8Array<ArrayBuffer>, name: string, type: string, upsert = false) {
  const path = `${student.id}/${name}`;
  const { error } = await student.client.storage
    .from('avatars')
    .upload(path, new Blob([bytes], { type }), { contentType: type, upsert });
  if (!error) stored.push(path);
  return { path, error };
}

async function exists(path: string): Promise<boolean> {
  const [folder, file] = path.split('/');
  const { data } = await service.storage.from('avatars').list(folder, { search: file });
  return (data ?? []).some((entry) => entry.name === file);
}

describe('an avatar is checked by its bytes', () => {
  it('a real PNG is taken', async () => {
    const { path, error } = await uploadAvatar(PNG, `${randomUUID()}.png`, 'image/png');
    expect(error).toBeNull();
    expect(await exists(path)).toBe(true);
  });

  it('a PDF renamed .png is refused (415), and nothing is stored', async () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) {
      const { path, error } = await uploadAvatar(PDF, `${randomUUID()}.png`, type);
      expect(error, type).toBeTruthy();
      expect((error as { statusCode?: string }).statusCode, type).toBe('415');
      expect(await exists(path)).toBe(false);
    }
  });

  it('nor can it replace a picture already there (upsert)', async () => {
    const { path } = await uploadAvatar(PNG, `${randomUUID()}.png`, 'image/png');
    const { error } = await student.client.storage
      .from('avatars')
      .upload(path, new Blob([PDF], { type: 'image/png' }), {
        contentType: 'image/png',
        upsert: true,
      });
    expect(error).toBeTruthy();
    const { data } = await service.storage.from('avatars').download(path);
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(PNG);
  });

  it('nor be copied in from a bucket that does not check (copy)', async () => {
    // A material: PDF bytes stored as they are; a copy into avatars as a .png is refused.
    const source = `general/${student.id}/${randomUUID()}.png`;
    const loose = await service.storage
      .from('materials')
      .upload(source, new Blob([PDF], { type: 'image/png' }), { contentType: 'image/png' });
    expect(loose.error).toBeNull();
    const target = `${student.id}/${randomUUID()}.png`;
    const copied = await service.storage
      .from('materials')
      .copy(source, target, { destinationBucket: 'avatars' });
    expect(copied.error).toBeTruthy();
    expect(await exists(target)).toBe(false);
    await service.storage.from('materials').remove([source]);
  });
});
