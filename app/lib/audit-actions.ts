// What the audit log records, in one place: each action's dotted code, its pt-BR label, and
// the group the page filters by (the part before the dot).

export const AUDIT_ACTION_LABELS = {
  "signin.success": "Entrou",
  "signin.failure": "Tentativa de entrada recusada",
  "signin.rate_limited": "Entrada bloqueada por excesso de tentativas",
  "signin.signout": "Saiu",
  "signin.session_end": "Encerrou uma sessão",
  "signin.sessions_end_others": "Encerrou as outras sessões",
  "post.create": "Criou post",
  "post.update": "Editou post",
  "post.publish": "Publicou post",
  "post.unpublish": "Despublicou post",
  "post.schedule": "Agendou post",
  "post.delete": "Excluiu post",
  "post.restore": "Restaurou versão de post",
  "post.share_link_create": "Criou link de prévia",
  "post.share_link_revoke": "Revogou link de prévia",
  "category.create": "Criou categoria",
  "category.update": "Editou categoria",
  "category.delete": "Excluiu categoria",
  "work.create": "Criou obra",
  "work.update": "Editou obra",
  "work.publish": "Publicou obra",
  "work.unpublish": "Despublicou obra",
  "work.delete": "Excluiu obra",
  "service.create": "Criou serviço",
  "service.update": "Editou serviço",
  "service.delete": "Excluiu serviço",
  "home.update": "Editou a página inicial",
  "media.upload": "Enviou imagem",
  "media.update": "Editou texto alternativo",
  "media.delete": "Excluiu imagem",
  "redirect.create": "Criou redirecionamento",
  "redirect.import": "Importou redirecionamentos",
  "redirect.delete": "Excluiu redirecionamento",
  "settings.update": "Alterou configurações",
  "user.invite": "Convidou usuário",
  "user.invitation_revoke": "Cancelou convite",
  "user.invitation_accept": "Aceitou convite",
  "user.role_change": "Alterou papel de usuário",
  "user.deactivate": "Desativou usuário",
  "user.reactivate": "Reativou usuário",
  "user.remove": "Removeu usuário",
  "user.password_reset_request": "Pediu redefinição de senha",
  "user.password_reset": "Redefiniu a senha",
  "user.password_change": "Trocou a senha",
  "lead.view": "Abriu solicitação",
  "lead.update": "Alterou solicitação",
  "lead.export": "Exportou solicitações (CSV)",
  "lead.delete": "Excluiu solicitação",
  "lead.stage": "Mudou a etapa de solicitação",
  "lead.note": "Anotou em solicitação",
  "lead.reply": "Respondeu solicitação",
  "lead.reply_template": "Alterou modelo de resposta",
  "audit.export": "Exportou o registro de auditoria (CSV)",
  "lgpd.export": "Exportou os dados de um titular (LGPD)",
  "lgpd.erase": "Excluiu os dados de um titular (LGPD)",
  "user.two_factor_on": "Ativou a verificação em duas etapas",
  "user.two_factor_off": "Desativou a verificação em duas etapas",
  "user.passkey_add": "Adicionou passkey",
  "user.passkey_remove": "Removeu passkey",
  "user.two_factor_reset": "Redefiniu a verificação em duas etapas de usuário",
  "settings.second_factor_policy": "Alterou a exigência de segundo fator",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const AUDIT_GROUP_LABELS = {
  signin: "Acesso",
  post: "Posts",
  category: "Categorias",
  work: "Obras",
  service: "Serviços",
  home: "Página inicial",
  media: "Mídia",
  redirect: "Redirecionamentos",
  settings: "Configurações",
  user: "Usuários",
  lead: "Solicitações",
  audit: "Auditoria",
  lgpd: "LGPD",
} as const;

export type AuditGroup = keyof typeof AUDIT_GROUP_LABELS;
export const AUDIT_GROUPS = Object.keys(AUDIT_GROUP_LABELS) as AuditGroup[];

/** The label of a stored code; a code this version does not know is shown as it is. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}
