import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { CUSTOMER_FIELDS } from '../../../contract/schemas.ts';
import { TextField } from '../../components/text-field.tsx';
import { JSON_PATH_DESCRIPTION, TEXT_INPUT_STYLES } from './field-props.ts';
import type { CreateOrderControl, CustomerField } from './form-values.ts';

const LABELS: Record<CustomerField, { label: string; inputMode?: 'email' | 'tel' }> = {
  email: { label: 'Email', inputMode: 'email' },
  first_name: { label: 'First name' },
  last_name: { label: 'Last name' },
  phone_number: { label: 'Phone number', inputMode: 'tel' },
  street_name: { label: 'Street' },
  street_number: { label: 'Street number' },
  apartment_number: { label: 'Apartment number' },
  city: { label: 'City' },
  zipcode: { label: 'Postal code' },
  country: { label: 'Country' },
  personal_id: { label: 'Personal ID' },
};

export const CustomerSection = memo(function CustomerSection({ control }: { control: CreateOrderControl }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="customer-section-title">
      <Stack gap="md">
        <div>
          <Title order={4} id="customer-section-title">
            Customer
          </Title>
          <Text c="dimmed" size="sm">
            Every member is optional; empty ones are left out of the request.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {CUSTOMER_FIELDS.map((field) => {
            const { label, inputMode } = LABELS[field];
            return (
              <TextField
                key={field}
                control={control}
                styles={TEXT_INPUT_STYLES}
                name={`customer_data.${field}`}
                label={label}
                description={`customer_data.${field}`}
                descriptionProps={JSON_PATH_DESCRIPTION}
                inputMode={inputMode}
                autoComplete="off"
              />
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
});
