-- A registration looks up the holders of a CNS never reserved (patients registered before CNS
-- reservations): by equality, which the trigram index serves badly on digits (19 ms against
-- a fraction of one on 44,000 patients).
create index patients_by_cns on patients (cns);
