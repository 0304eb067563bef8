// The password rules the forms state and the server applies (app/server/accounts/password-policy.server.ts).

export const PASSWORD_MIN = 8;
export const PASSWORD_SUGGESTED = 15;
export const PASSWORD_MAX = 128;

export const PASSWORD_HINT = `Use pelo menos ${PASSWORD_MIN} caracteres (sugerimos ${PASSWORD_SUGGESTED} ou mais, como uma frase que só você conheça). Não precisa de símbolos nem números; senhas comuns ou fáceis de adivinhar são recusadas.`;
