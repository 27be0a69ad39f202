import { useForm } from '@mantine/form';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '../../i18n';
import { renderWithProviders } from '../../test-utils';
import {
  CourseFormFields,
  type CourseFormFieldValues,
  type CourseFormFieldsProps,
} from './course-form-fields';

const NEW_COURSE: CourseFormFieldValues = {
  title: '',
  description: '',
  language: '',
  category: 'general',
  level: 'beginner',
  duration: 8,
  teacherId: 'teacher-1',
  price: 299,
  maxStudents: 30,
  thumbnailUrl: '',
  isActive: true,
  cefrLevel: '',
};

type HarnessProps = Partial<Omit<CourseFormFieldsProps, 'form'>> & {
  initial?: Partial<CourseFormFieldValues>;
  errors?: Partial<Record<keyof CourseFormFieldValues, string>>;
  onSubmit?: (values: CourseFormFieldValues) => void;
};

function Harness({ initial, errors = {}, onSubmit = () => {}, ...props }: HarnessProps) {
  const form = useForm<CourseFormFieldValues>({
    mode: 'controlled',
    initialValues: { ...NEW_COURSE, ...initial },
    initialErrors: errors,
  });
  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)}>
      <CourseFormFields
        form={form}
        languages={['Spanish', 'English']}
        categories={['general', 'business']}
        levels={['beginner', 'intermediate', 'advanced']}
        teachers={[{ value: 'teacher-1', label: 'Marta Ruiz' }]}
        teacherFixed
        editing={false}
        textLimits={{ title: 200, description: 5000, thumbnailUrl: 2000 }}
        priceStep={0.01}
        {...props}
      />
      <button type="submit">Submit</button>
    </form>
  );
}

const render = (props: HarnessProps = {}, language: Language = 'en') =>
  renderWithProviders(<Harness {...props} />, { language });

describe('CourseFormFields', () => {
  it("shows a new course's defaults, the teacher fixed to the person filling it in, and no Active box", () => {
    render();
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveAttribute('data-autofocus');
    expect(title).toHaveAccessibleDescription('0/200');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
      '0/5000',
    );
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveValue('Beginner');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('General');
    const teacher = screen.getByRole('combobox', { name: 'Teacher' });
    expect(teacher).toHaveValue('Marta Ruiz');
    expect(teacher).toHaveAttribute('readonly');
    expect(teacher).toHaveAccessibleDescription('You teach the courses you create.');
    expect(screen.getByRole('textbox', { name: 'Duration (weeks)' })).toHaveValue('8');
    const price = screen.getByRole('textbox', { name: 'Price (USD)' });
    expect(price).toHaveValue('299');
    expect(price).toHaveAccessibleDescription('For the whole course, in steps of 0.01');
    expect(screen.getByRole('textbox', { name: 'Max students' })).toHaveValue('30');
    expect(screen.getByRole('textbox', { name: 'Thumbnail URL (optional)' })).toHaveValue('');
    expect(screen.queryByRole('checkbox', { name: 'Active' })).not.toBeInTheDocument();
  });

  it('hands what was entered to the form, cents included', async () => {
    const onSubmit = vi.fn();
    const { user } = render({ onSubmit });

    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Business Spanish' },
    });
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('16/200');
    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Spanish' }));
    const price = screen.getByRole('textbox', { name: 'Price (USD)' });
    fireEvent.change(price, { target: { value: '149.999' } });
    fireEvent.blur(price);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Business Spanish',
        language: 'Spanish',
        level: 'beginner',
        teacherId: 'teacher-1',
        // As typed: the form's validator refuses a third decimal with a message (coursePriceCents).
        price: 149.999,
      }),
      expect.anything(),
    );
  });

  it('offers Active only when editing, and an administrator a choice of teachers', async () => {
    const onSubmit = vi.fn();
    const { user } = render({
      editing: true,
      teacherFixed: false,
      teachers: [
        { value: 'teacher-1', label: 'Marta Ruiz' },
        { value: 'teacher-2', label: 'John Smith' },
      ],
      initial: { teacherId: '' },
      onSubmit,
    });

    const active = screen.getByRole('checkbox', { name: 'Active' });
    expect(active).toBeChecked();
    await user.click(active);
    const teacher = screen.getByRole('combobox', { name: 'Teacher' });
    expect(teacher).not.toHaveAttribute('readonly');
    await user.click(teacher);
    await user.click(await screen.findByRole('option', { name: 'John Smith' }));
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Business' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ isActive: false, teacherId: 'teacher-2', category: 'business' }),
      expect.anything(),
    );
  });

  it('keeps a number exactly as typed when it leaves the field, for the validator to explain (no sign dropped, no minimum forced)', async () => {
    const { user } = render();
    const cases: Array<[string, string]> = [
      ['Price (USD)', '-12.5'],
      ['Duration (weeks)', '0'],
      ['Max students', '-3'],
      ['Duration (weeks)', '2.5'],
    ];
    for (const [label, typed] of cases) {
      const input = screen.getByRole('textbox', { name: label });
      await user.clear(input);
      await user.type(input, typed);
      await user.tab();
      expect(input).toHaveValue(typed);
    }
  });

  it('shows the errors the form holds next to their fields', () => {
    render({
      errors: { title: 'Title is required', price: 'Price cannot be negative' },
    });
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(expect.stringContaining('Title is required'));
    expect(screen.getByRole('textbox', { name: 'Price (USD)' })).toHaveAccessibleDescription(
      expect.stringContaining('Price cannot be negative'),
    );
    expect(screen.getByRole('textbox', { name: 'Description' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('asks for the price in the currency it is given: the code in the label, the symbol before it', () => {
    const { unmount } = render({ currency: 'EUR' });
    const price = screen.getByRole('textbox', { name: 'Price (EUR)' });
    expect(price).toHaveValue('299');
    const field = price.closest('.mantine-NumberInput-wrapper') as HTMLElement;
    expect(field).toHaveTextContent('€');
    expect(field).not.toHaveTextContent('$');
    unmount();

    render({ currency: 'GBP' }, 'es');
    const precio = screen.getByRole('textbox', { name: 'Precio (GBP)' });
    expect(precio.closest('.mantine-NumberInput-wrapper')).toHaveTextContent('GBP');
  });

  it('keeps the old dollars when no currency is known', () => {
    render({ currency: null });
    const price = screen.getByRole('textbox', { name: 'Price (USD)' });
    expect(price.closest('.mantine-NumberInput-wrapper')).toHaveTextContent('$');
  });

  it('speaks Spanish', () => {
    render({ editing: true, initial: { language: 'English', level: 'intermediate' } }, 'es');
    expect(screen.getByRole('textbox', { name: 'Título' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('Inglés');
    expect(screen.getByRole('combobox', { name: 'Nivel' })).toHaveValue('Intermedio');
    expect(screen.getByRole('textbox', { name: 'Precio (USD)' })).toHaveAccessibleDescription(
      'Por el curso completo, de 0,01 en 0,01',
    );
    expect(screen.getByRole('textbox', { name: 'Máximo de estudiantes' })).toBeInTheDocument();
    expect(
      within(
        screen.getByRole('checkbox', { name: 'Activo' }).closest('div')!.parentElement!,
      ).getByText(/no admiten inscripciones/),
    ).toBeInTheDocument();
  });
});
