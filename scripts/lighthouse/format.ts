/** Bytes as KB with one decimal, as the table and the reasons print them. */
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
