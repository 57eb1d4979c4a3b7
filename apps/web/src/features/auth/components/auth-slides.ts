/** Background slides of the sign-in screens (our own SVG illustrations in public/login). */
export const AUTH_SLIDES = [
  {
    src: '/login/slide-1.svg',
    title: 'Demandas sob controle',
    text: 'Quadros, tarefas, prazos e revisões da operação em um só lugar.',
  },
  {
    src: '/login/slide-2.svg',
    title: 'Equipes de campo conectadas',
    text: 'Agenda, chat e EPI na palma da mão, mesmo com sinal fraco.',
  },
  {
    src: '/login/slide-3.svg',
    title: 'Frota e inventário em dia',
    text: 'Manutenções, documentos e estoque sem surpresas.',
  },
] as const;
