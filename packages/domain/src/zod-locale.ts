import { z } from 'zod';

// Default validation messages in Portuguese for every schema of the contract.
z.config(z.locales.ptBR());
