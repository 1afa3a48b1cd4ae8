/**
 * Saves text as a file the way a browser downloads one; Electron's shell handles the same
 * download (its save dialog), so both shells share this.
 */
export function saveTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
