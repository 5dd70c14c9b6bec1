/** Saves a downloaded file through the browser's download (an object URL, freed right after). */
export function saveFile(file: { blob: Blob; fileName: string }) {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading it once the click has run; a short delay keeps slow ones safe.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
