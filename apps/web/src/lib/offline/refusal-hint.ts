/** What the person can do about a write the server refused, by the answer's status. */
export function refusalHint(status: number): string {
  if (status === 404)
    return 'O item não existe mais ou saiu do seu acesso. Confira com a coordenação e descarte esta ação.';
  if (status === 409)
    return 'A situação mudou enquanto você estava sem conexão (por exemplo, o agendamento foi cancelado ou já concluído). Confira a tela e descarte, ou tente de novo.';
  if (status === 403)
    return 'Você não tem mais permissão para esta ação. Fale com a coordenação e descarte.';
  if (status === 413) return 'O arquivo é grande demais. Descarte e envie um arquivo menor.';
  return 'Os dados não foram aceitos. Tente de novo ou descarte e faça a ação outra vez.';
}
