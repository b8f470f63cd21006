import { toast } from '@/web/lib/toast';

/** Copies text with the toast 'Copied to clipboard', or says how to copy by hand. */
export async function copyToClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Copied to clipboard');
  } catch {
    toast.error('Copy failed: select the text and copy it by hand');
  }
}
