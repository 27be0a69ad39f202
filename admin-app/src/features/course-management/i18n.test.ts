// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en, es } from './i18n';

describe('course management messages', () => {
  it('keep the fixed product texts verbatim in English', () => {
    expect(en.loadError).toBe('Error loading courses:');
    expect(en.empty.title).toBe('No courses found');
    expect(en.create).toBe('Create Course');
    expect(en.stats).toMatchObject({
      totalCourses: 'Total Courses',
      totalStudents: 'Total Students',
      totalRevenue: 'Total Revenue',
      activeCourses: 'Active Courses',
    });
    expect(en.remove.message).toBe(
      'Are you sure you want to delete this course? This action cannot be undone.',
    );
  });

  it('keep the Spanish texts of the user picker and the student toasts verbatim', () => {
    expect(es.picker.title).toBe('Seleccionar usuario');
    expect(es.picker.empty).toBe('No se encontraron usuarios');
    expect(es.toast).toMatchObject({
      studentAdded: 'Estudiante agregado exitosamente.',
      studentRemoved: 'Estudiante removido exitosamente.',
      addFailed: 'Error al agregar estudiante.',
      removeFailed: 'Error al remover estudiante.',
    });
  });
});
