import { apiPaths } from '@app/contract/api-paths';
import { httpClient } from './http-client.ts';
import { tokenStorage } from './token-storage.ts';

// Files the API serves behind the session (invoices, report PDFs). The API takes a Bearer token,
// which a plain link cannot send, so the file is fetched and handed to the browser as a download.

/** The file name of a `Content-Disposition: attachment; filename="..."` header, when it has one. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoded name: fall through to the plain one.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name : null;
}

/**
 * Downloads `path` with the session's token and saves it as `fallbackName` (or the name the server
 * gives). Returns whether it worked.
 */
export async function downloadWithSession(path: string, fallbackName: string, accept = 'application/pdf'): Promise<boolean> {
  // An expired token is renewed first through the one client (it owns the refresh).
  if (tokenStorage.isExpired()) await httpClient.get(apiPaths.user);
  const token = tokenStorage.read()?.accessToken;
  try {
    const response = await fetch(path, {
      credentials: 'include',
      headers: { Accept: accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    if (!response.ok) return false;
    saveFile(await response.blob(), fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName);
    return true;
  } catch {
    return false;
  }
}

/** Hands data already in memory to the browser as a download named `name`. */
export function saveFile(data: Blob, name: string): void {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
