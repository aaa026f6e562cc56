/** Portuguese strings of the shared screens (the spec does not give the 404 text). */
export const commonMessages = {
  notFoundTitle: 'Página não encontrada',
  notFoundDescription: 'O endereço que você abriu não existe ou foi movido.',
  notFoundBack: 'Voltar ao início',
} as const;
