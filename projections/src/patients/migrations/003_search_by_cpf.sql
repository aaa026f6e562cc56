-- The list's search finds a patient by its whole CPF (the identifier a nurse most often has).
create index patients_by_cpf on patients (cpf);
