export interface NavItem {
  name: string;
  href: string;
}

export const navItems: NavItem[] = [
  { name: "Início", href: "/" },
  { name: "Serviços", href: "/servicos" },
  { name: "Obras Realizadas", href: "/obras" },
  { name: "Blog", href: "/blog" },
  { name: "Contato", href: "/contato" },
];
