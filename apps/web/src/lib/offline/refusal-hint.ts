/** What to do about a refused OS step, where it differs from the general hint. */
const OS_STEP_HINTS: Partial<Record<number, string>> = {
  409: 'A OS mudou enquanto você estava sem conexão (por exemplo, foi cancelada, concluída ou esta etapa já foi registrada). Confira a OS com a coordenação e descarte, ou tente de novo.',
  400: 'O servidor não aceitou os dados (por exemplo, estoque insuficiente ou itens obrigatórios do checklist faltando). Corrija na OS e faça a ação outra vez, depois descarte esta.',
};

/**
 * What the person can do about a write the server refused, by the answer's status and, when
 * given, the kind of write (an OS step gets OS words).
 */
export function refusalHint(status: number, kind?: string): string {
  const forOs = kind === 'os.step' ? OS_STEP_HINTS[status] : undefined;
  if (forOs) return forOs;
  if (status === 404)
    return 'O item não existe mais ou saiu do seu acesso. Confira com a coordenação e descarte esta ação.';
  if (status === 409)
    return 'A situação mudou enquanto você estava sem conexão (por exemplo, o agendamento foi cancelado ou já concluído). Confira a tela e descarte, ou tente de novo.';
  if (status === 403)
    return 'Você não tem mais permissão para esta ação. Fale com a coordenação e descarte.';
  if (status === 413) return 'O arquivo é grande demais. Descarte e envie um arquivo menor.';
  return 'Os dados não foram aceitos. Tente de novo ou descarte e faça a ação outra vez.';
}
