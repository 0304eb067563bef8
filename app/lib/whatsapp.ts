/** Link that opens a WhatsApp conversation with a pre-filled message. */
export function whatsappUrl(phoneDigits: string, message: string): string {
  const digits = phoneDigits.replace(/\D/g, "");
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
