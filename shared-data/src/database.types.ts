// Generated from the local database by local-supabase/src/gen-types.ts. Do not edit: change the
// migrations, then run (with the local stack running)
//   pnpm --filter @portal/local-supabase exec tsx src/gen-types.ts --write

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  // Lets createClient<Database>() pick the matching PostgREST features.
  __InternalSupabase: {
    PostgrestVersion: '12';
  };
  public: {
    Tables: {
      activities: {
        Row: {
          allow_late_submission: boolean;
          cefr_level: string | null;
          class_id: string | null;
          course_id: string | null;
          created_at: string;
          created_by: string | null;
          description: string;
          due_date: string | null;
          id: string;
          instructions: string | null;
          is_active: boolean;
          max_points: number;
          recording_limit_seconds: number;
          rubric: Json | null;
          rubric_id: string | null;
          skills: string[];
          title: string;
          type: string;
          updated_at: string;
        };
        Insert: {
          allow_late_submission?: boolean;
          cefr_level?: string | null;
          class_id?: string | null;
          course_id?: string | null;
          created_at?: string;
          created_by?: string | null;
          description: string;
          due_date?: string | null;
          id?: string;
          instructions?: string | null;
          is_active?: boolean;
          max_points?: number;
          recording_limit_seconds?: number;
          rubric?: Json | null;
          rubric_id?: string | null;
          skills?: string[];
          title: string;
          type?: string;
          updated_at?: string;
        };
        Update: {
          allow_late_submission?: boolean;
          cefr_level?: string | null;
          class_id?: string | null;
          course_id?: string | null;
          created_at?: string;
          created_by?: string | null;
          description?: string;
          due_date?: string | null;
          id?: string;
          instructions?: string | null;
          is_active?: boolean;
          max_points?: number;
          recording_limit_seconds?: number;
          rubric?: Json | null;
          rubric_id?: string | null;
          skills?: string[];
          title?: string;
          type?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'activities_class_id_fkey';
            columns: ['class_id'];
            isOneToOne: false;
            referencedRelation: 'classes';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'activities_course_id_fkey';
            columns: ['course_id'];
            isOneToOne: false;
            referencedRelation: 'courses';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'activities_created_by_fkey';
            columns: ['created_by'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'activities_rubric_id_fkey';
            columns: ['rubric_id'];
            isOneToOne: false;
            referencedRelation: 'rubrics';
            referencedColumns: ['id'];
          },
        ];
      };
      activity_submissions: {
        Row: {
          activity_id: string;
          created_at: string;
          feedback: string | null;
          feedback_audio: string | null;
          file_names: string[];
          file_urls: string[];
          grade: number | null;
          graded_at: string | null;
          graded_by: string | null;
          id: string;
          rubric_scores: Json | null;
          status: string;
          student_id: string;
          submission_text: string | null;
          submitted_at: string;
          updated_at: string;
        };
        Insert: {
          activity_id: string;
          created_at?: string;
          feedback?: string | null;
          feedback_audio?: string | null;
          file_names?: string[];
          file_urls?: string[];
          grade?: number | null;
          graded_at?: string | null;
          graded_by?: string | null;
          id?: string;
          rubric_scores?: Json | null;
          status?: string;
          student_id: string;
          submission_text?: string | null;
          submitted_at?: string;
          updated_at?: string;
        };
        Update: {
          activity_id?: string;
          created_at?: string;
          feedback?: string | null;
          feedback_audio?: string | null;
          file_names?: string[];
          file_urls?: string[];
          grade?: number | null;
          graded_at?: string | null;
          graded_by?: string | null;
          id?: string;
          rubric_scores?: Json | null;
          status?: string;
          student_id?: string;
          submission_text?: string | null;
          submitted_at?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'activity_submissions_activity_id_fkey';
            columns: ['activity_id'];
            isOneToOne: false;
            referencedRelation: 'activities';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'activity_submissions_graded_by_fkey';
            columns: ['graded_by'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'activity_submissions_student_id_fkey';
            columns: ['student_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      announcements: {
        Row: {
          author_id: string | null;
          body: string;
          course_id: string;
          created_at: string;
          email_students: boolean;
          id: string;
          pinned: boolean;
          title: string;
          updated_at: string;
        };
        Insert: {
          author_id?: string | null;
          body: string;
          course_id: string;
          created_at?: string;
          email_students?: boolean;
          id?: string;
          pinned?: boolean;
          title: string;
          updated_at?: string;
        };
        Update: {
          author_id?: string | null;
          body?: string;
          course_id?: string;
          created_at?: string;
          email_students?: boolean;
          id?: string;
          pinned?: boolean;
          title?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'announcements_author_id_fkey';
            columns: ['author_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'announcements_course_id_fkey';
            columns: ['course_id'];
            isOneToOne: false;
            referencedRelation: 'courses';
            referencedColumns: ['id'];
          },
        ];
      };
      app_settings: {
        Row: {
          appearance: Json;
          billing: Json;
          email: Json;
          general: Json;
          id: number;
          notifications: Json;
          security: Json;
          smtp_password_set: boolean;
          updated_at: string;
          updated_by: string | null;
        };
        Insert: {
          appearance?: Json;
          billing?: Json;
          email?: Json;
          general?: Json;
          id?: number;
          notifications?: Json;
          security?: Json;
          smtp_password_set?: boolean;
          updated_at?: string;
          updated_by?: string | null;
        };
        Update: {
          appearance?: Json;
          billing?: Json;
          email?: Json;
          general?: Json;
          id?: number;
          notifications?: Json;
          security?: Json;
          smtp_password_set?: boolean;
          updated_at?: string;
          updated_by?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'app_settings_updated_by_fkey';
            columns: ['updated_by'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      class_attendance: {
        Row: {
          attended: boolean;
          attended_at: string | null;
          class_id: string;
          created_at: string;
          id: string;
          marked_by: string | null;
          updated_at: string;
          user_id: string;
        };
        Insert: {
          attended?: boolean;
          attended_at?: string | null;
          class_id: string;
          created_at?: string;
          id?: string;
          marked_by?: string | null;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          attended?: boolean;
          attended_at?: string | null;
          class_id?: string;
          created_at?: string;
          id?: string;
          marked_by?: string | null;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'class_attendance_class_id_fkey';
            columns: ['class_id'];
            isOneToOne: false;
            referencedRelation: 'classes';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'class_attendance_marked_by_fkey';
            columns: ['marked_by'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'class_attendance_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      classes: {
        Row: {
          course_id: string;
          created_at: string;
          description: string;
          duration: number;
          id: string;
          meeting_link: string | null;
          recording_url: string | null;
          scheduled_date: string;
          title: string;
          type: string;
          updated_at: string;
        };
        Insert: {
          course_id: string;
          created_at?: string;
          description?: string;
          duration?: number;
          id?: string;
          meeting_link?: string | null;
          recording_url?: string | null;
          scheduled_date: string;
          title: string;
          type?: string;
          updated_at?: string;
        };
        Update: {
          course_id?: string;
          created_at?: string;
          description?: string;
          duration?: number;
          id?: string;
          meeting_link?: string | null;
          recording_url?: string | null;
          scheduled_date?: string;
          title?: string;
          type?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'classes_course_id_fkey';
            columns: ['course_id'];
            isOneToOne: false;
            referencedRelation: 'courses';
            referencedColumns: ['id'];
          },
        ];
      };
      conversation_members: {
        Row: {
          conversation_id: string;
          last_read_at: string | null;
          user_id: string;
        };
        Insert: {
          conversation_id: string;
          last_read_at?: string | null;
          user_id: string;
        };
        Update: {
          conversation_id?: string;
          last_read_at?: string | null;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'conversation_members_conversation_id_fkey';
            columns: ['conversation_id'];
            isOneToOne: false;
            referencedRelation: 'conversations';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'conversation_members_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      conversations: {
        Row: {
          created_at: string;
          id: string;
          last_message_at: string | null;
          user_a: string;
          user_b: string;
        };
        Insert: {
          created_at?: string;
          id?: string;
          last_message_at?: string | null;
          user_a: string;
          user_b: string;
        };
        Update: {
          created_at?: string;
          id?: string;
          last_message_at?: string | null;
          user_a?: string;
          user_b?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'conversations_user_a_fkey';
            columns: ['user_a'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'conversations_user_b_fkey';
            columns: ['user_b'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      course_reviews: {
        Row: {
          comment: string | null;
          course_id: string;
          created_at: string;
          id: string;
          rating: number;
          student_id: string;
          updated_at: string;
        };
        Insert: {
          comment?: string | null;
          course_id: string;
          created_at?: string;
          id?: string;
          rating: number;
          student_id: string;
          updated_at?: string;
        };
        Update: {
          comment?: string | null;
          course_id?: string;
          created_at?: string;
          id?: string;
          rating?: number;
          student_id?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'course_reviews_course_id_fkey';
            columns: ['course_id'];
            isOneToOne: false;
            referencedRelation: 'courses';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'course_reviews_student_id_fkey';
            columns: ['student_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      courses: {
        Row: {
          category: string;
          cefr_level: string | null;
          created_at: string;
          description: string;
          duration: number;
          enrolled_count: number;
          grade_weights: Json;
          id: string;
          is_active: boolean;
          language: string;
          level: string;
          max_students: number;
          price: number;
          teacher_id: string | null;
          thumbnail_url: string | null;
          title: string;
          updated_at: string;
        };
        Insert: {
          category?: string;
          cefr_level?: string | null;
          created_at?: string;
          description?: string;
          duration?: number;
          enrolled_count?: number;
          grade_weights?: Json;
          id?: string;
          is_active?: boolean;
          language: string;
          level?: string;
          max_students?: number;
          price?: number;
          teacher_id?: string | null;
          thumbnail_url?: string | null;
          title: string;
          updated_at?: string;
        };
        Update: {
          category?: string;
          cefr_level?: string | null;
          created_at?: string;
          description?: string;
          duration?: number;
          enrolled_count?: number;
          grade_weights?: Json;
          id?: string;
          is_active?: boolean;
          language?: string;
          level?: string;
          max_students?: number;
          price?: number;
          teacher_id?: string | null;
          thumbnail_url?: string | null;
          title?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'courses_teacher_id_fkey';
            columns: ['teacher_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      credit_notes: {
        Row: {
          created_at: string;
          created_by: string | null;
          currency: string;
          id: string;
          invoice_id: string;
          issued_on: string;
          net: number;
          number: string;
          reason: string;
          student_id: string | null;
          tax: number;
          total: number;
        };
        Insert: {
          created_at?: string;
          created_by?: string | null;
          currency: string;
          id?: string;
          invoice_id: string;
          issued_on: string;
          net: number;
          number: string;
          reason: string;
          student_id?: string | null;
          tax: number;
          total: number;
        };
        Update: {
          created_at?: string;
          created_by?: string | null;
          currency?: string;
          id?: string;
          invoice_id?: string;
          issued_on?: string;
          net?: number;
          number?: string;
          reason?: string;
          student_id?: string | null;
          tax?: number;
          total?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'credit_notes_created_by_fkey';
            columns: ['created_by'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'credit_notes_invoice_id_fkey';
            columns: ['invoice_id'];
            isOneToOne: false;
            referencedRelation: 'invoices';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'credit_notes_student_id_fkey';
            columns: ['student_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      enrollments: {
        Row: {
          course_id: string;
          created_at: string;
          enrolled_at: string;
          id: string;
          progress: number;
          status: string;
          updated_at: string;
          user_id: string;
        };
        Insert: {
          course_id: string;
          created_at?: string;
          enrolled_at?: string;
          id?: string;
          progress?: number;
          status?: string;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          course_id?: string;
          created_at?: string;
          enrolled_at?: string;
          id?: string;
          progress?: number;
          status?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'enrollments_course_id_fkey';
            columns: ['course_id'];
            isOneToOne: false;
            referencedRelation: 'courses';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'enrollments_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      invoice_lines: {
        Row: {
          amount: number | null;
          description: string;
          discount: number;
          id: string;
          invoice_id: string;
          position: number;
          quantity: number;
          unit_price: number;
        };
        Insert: {
          amount?: never;
          description: string;
          discount?: number;
          id?: string;
          invoice_id: string;
          position: number;
          quantity: number;
          unit_price: number;
        };
        Update: {
          amount?: never;
          description?: string;
          discount?: number;
          id?: string;
          invoice_id?: string;
          position?: number;
          quantity?: number;
          unit_price?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'invoice_lines_invoice_id_fkey';
            columns: ['invoice_id'];
            isOneToOne: false;
            referencedRelation: 'invoices';
            referencedColumns: ['id'];
          },
        ];
      };
      invoice_reminders: {
        Row: {
          id: string;
          invoice_id: string;
          sent_at: string;
          sent_by: string | null;
        };
        Insert: {
          id?: string;
          invoice_id: string;
          sent_at?: string;
          sent_by?: string | null;
        };
        Update: {
          id?: string;
          invoice_id?: string;
          sent_at?: string;
          sent_by?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'invoice_reminders_invoice_id_fkey';
            columns: ['invoice_id'];
            isOneToOne: false;
            referencedRelation: 'invoices';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'invoice_reminders_sent_by_fkey';
            columns: ['sent_by'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      invoices: {
        Row: {
          course_id: string | null;
          created_at: string;
          created_by: string | null;
          currency: string;
          due_on: string;
          enrollment_id: string | null;
          id: string;
          issued_on: string;
          net: number;
          number: string;
          school_address: string;
          school_name: string;
          school_tax_id: string;
          student_email: string;
          student_id: string | null;
          student_language: string;
          student_name: string;
          tax: number;
          tax_rate: number;
          total: number;
        };
        Insert: {
          course_id?: string | null;
          created_at?: string;
          created_by?: string | null;
          currency: string;
          due_on: string;
          enrollment_id?: string | null;
          id?: string;
          issued_on: string;
          net: number;
          number: string;
          school_address: string;
          school_name: string;
          school_tax_id: string;
          student_email: string;
          student_id?: string | null;
          student_language: string;
          student_name: string;
          tax: number;
          tax_rate: number;
          total: number;
        };
        Update: {
          course_id?: string | null;
          created_at?: string;
          created_by?: string | null;
          currency?: string;
          due_on?: string;
          enrollment_id?: string | null;
          id?: string;
          issued_on?: string;
          net?: number;
          number?: string;
          school_address?: string;
          school_name?: string;
          school_tax_id?: string;
          student_email?: string;
          student_id?: string | null;
          student_language?: string;
          student_name?: string;
          tax?: number;
          tax_rate?: number;
          total?: number;
        };
        Relationships: [
          {
            foreignKeyName: 'invoices_course_id_fkey';
            columns: ['course_id'];
            isOneToOne: false;
            referencedRelation: 'courses';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'invoices_created_by_fkey';
            columns: ['created_by'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'invoices_enrollment_id_fkey';
            columns: ['enrollment_id'];
            isOneToOne: false;
            referencedRelation: 'enrollments';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'invoices_student_id_fkey';
            columns: ['student_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      materials: {
        Row: {
          cefr_level: string | null;
          course_id: string | null;
          file_size: number;
          id: string;
          language: string | null;
          mime_type: string | null;
          skill: string | null;
          storage_path: string | null;
          title: string;
          type: string;
          uploaded_at: string;
          uploaded_by: string | null;
          url: string;
        };
        Insert: {
          cefr_level?: string | null;
          course_id?: string | null;
          file_size?: number;
          id?: string;
          language?: string | null;
          mime_type?: string | null;
          skill?: string | null;
          storage_path?: string | null;
          title: string;
          type?: string;
          uploaded_at?: string;
          uploaded_by?: string | null;
          url: string;
        };
        Update: {
          cefr_level?: string | null;
          course_id?: string | null;
          file_size?: number;
          id?: string;
          language?: string | null;
          mime_type?: string | null;
          skill?: string | null;
          storage_path?: string | null;
          title?: string;
          type?: string;
          uploaded_at?: string;
          uploaded_by?: string | null;
          url?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'materials_course_id_fkey';
            columns: ['course_id'];
            isOneToOne: false;
            referencedRelation: 'courses';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'materials_uploaded_by_fkey';
            columns: ['uploaded_by'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      messages: {
        Row: {
          attachment_name: string | null;
          attachment_path: string | null;
          attachment_size: number | null;
          attachment_type: string | null;
          body: string;
          conversation_id: string;
          created_at: string;
          id: string;
          recipient_id: string;
          sender_id: string;
        };
        Insert: {
          attachment_name?: string | null;
          attachment_path?: string | null;
          attachment_size?: number | null;
          attachment_type?: string | null;
          body?: string;
          conversation_id: string;
          created_at?: string;
          id?: string;
          recipient_id: string;
          sender_id?: string;
        };
        Update: {
          attachment_name?: string | null;
          attachment_path?: string | null;
          attachment_size?: number | null;
          attachment_type?: string | null;
          body?: string;
          conversation_id?: string;
          created_at?: string;
          id?: string;
          recipient_id?: string;
          sender_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'messages_conversation_id_fkey';
            columns: ['conversation_id'];
            isOneToOne: false;
            referencedRelation: 'conversations';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'messages_recipient_id_fkey';
            columns: ['recipient_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'messages_sender_id_fkey';
            columns: ['sender_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      notification_kinds: {
        Row: {
          email_default: boolean;
          in_app_default: boolean;
          kind: string;
        };
        Insert: {
          email_default: boolean;
          in_app_default: boolean;
          kind: string;
        };
        Update: {
          email_default?: boolean;
          in_app_default?: boolean;
          kind?: string;
        };
        Relationships: [];
      };
      notification_preferences: {
        Row: {
          by_email: boolean;
          in_app: boolean;
          kind: string;
          updated_at: string;
          user_id: string;
        };
        Insert: {
          by_email: boolean;
          in_app: boolean;
          kind: string;
          updated_at?: string;
          user_id: string;
        };
        Update: {
          by_email?: boolean;
          in_app?: boolean;
          kind?: string;
          updated_at?: string;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'notification_preferences_kind_fkey';
            columns: ['kind'];
            isOneToOne: false;
            referencedRelation: 'notification_kinds';
            referencedColumns: ['kind'];
          },
          {
            foreignKeyName: 'notification_preferences_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      notifications: {
        Row: {
          course_id: string | null;
          created_at: string;
          data: Json;
          id: string;
          kind: string;
          read_at: string | null;
          subject_id: string | null;
          user_id: string;
        };
        Insert: {
          course_id?: string | null;
          created_at?: string;
          data?: Json;
          id?: string;
          kind: string;
          read_at?: string | null;
          subject_id?: string | null;
          user_id: string;
        };
        Update: {
          course_id?: string | null;
          created_at?: string;
          data?: Json;
          id?: string;
          kind?: string;
          read_at?: string | null;
          subject_id?: string | null;
          user_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'notifications_kind_fkey';
            columns: ['kind'];
            isOneToOne: false;
            referencedRelation: 'notification_kinds';
            referencedColumns: ['kind'];
          },
          {
            foreignKeyName: 'notifications_user_id_fkey';
            columns: ['user_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      payments: {
        Row: {
          amount: number;
          created_at: string;
          id: string;
          invoice_id: string;
          method: string;
          paid_on: string;
          provider_event_id: string | null;
          recorded_by: string | null;
          reference: string;
          student_id: string | null;
        };
        Insert: {
          amount: number;
          created_at?: string;
          id?: string;
          invoice_id: string;
          method: string;
          paid_on: string;
          provider_event_id?: string | null;
          recorded_by?: string | null;
          reference?: string;
          student_id?: string | null;
        };
        Update: {
          amount?: number;
          created_at?: string;
          id?: string;
          invoice_id?: string;
          method?: string;
          paid_on?: string;
          provider_event_id?: string | null;
          recorded_by?: string | null;
          reference?: string;
          student_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'payments_invoice_id_fkey';
            columns: ['invoice_id'];
            isOneToOne: false;
            referencedRelation: 'invoices';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'payments_recorded_by_fkey';
            columns: ['recorded_by'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'payments_student_id_fkey';
            columns: ['student_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      refunds: {
        Row: {
          amount: number;
          created_at: string;
          id: string;
          invoice_id: string;
          method: string;
          recorded_by: string | null;
          reference: string;
          refunded_on: string;
          student_id: string | null;
        };
        Insert: {
          amount: number;
          created_at?: string;
          id?: string;
          invoice_id: string;
          method: string;
          recorded_by?: string | null;
          reference?: string;
          refunded_on: string;
          student_id?: string | null;
        };
        Update: {
          amount?: number;
          created_at?: string;
          id?: string;
          invoice_id?: string;
          method?: string;
          recorded_by?: string | null;
          reference?: string;
          refunded_on?: string;
          student_id?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: 'refunds_invoice_id_fkey';
            columns: ['invoice_id'];
            isOneToOne: false;
            referencedRelation: 'invoices';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'refunds_recorded_by_fkey';
            columns: ['recorded_by'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'refunds_student_id_fkey';
            columns: ['student_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      rubrics: {
        Row: {
          created_at: string;
          criteria: Json;
          id: string;
          owner_id: string | null;
          title: string;
          updated_at: string;
        };
        Insert: {
          created_at?: string;
          criteria: Json;
          id?: string;
          owner_id?: string | null;
          title: string;
          updated_at?: string;
        };
        Update: {
          created_at?: string;
          criteria?: Json;
          id?: string;
          owner_id?: string | null;
          title?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'rubrics_owner_id_fkey';
            columns: ['owner_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      seat_holds: {
        Row: {
          course_id: string;
          created_at: string;
          ended_at: string | null;
          enrollment_id: string;
          held_until: string;
          id: string;
          invoice_id: string | null;
          status: string;
          student_id: string;
        };
        Insert: {
          course_id: string;
          created_at?: string;
          ended_at?: string | null;
          enrollment_id: string;
          held_until: string;
          id?: string;
          invoice_id?: string | null;
          status?: string;
          student_id: string;
        };
        Update: {
          course_id?: string;
          created_at?: string;
          ended_at?: string | null;
          enrollment_id?: string;
          held_until?: string;
          id?: string;
          invoice_id?: string | null;
          status?: string;
          student_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'seat_holds_course_id_fkey';
            columns: ['course_id'];
            isOneToOne: false;
            referencedRelation: 'courses';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'seat_holds_enrollment_id_fkey';
            columns: ['enrollment_id'];
            isOneToOne: false;
            referencedRelation: 'enrollments';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'seat_holds_invoice_id_fkey';
            columns: ['invoice_id'];
            isOneToOne: false;
            referencedRelation: 'invoices';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'seat_holds_student_id_fkey';
            columns: ['student_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
      users: {
        Row: {
          avatar_url: string | null;
          bio: string | null;
          created_at: string;
          email: string;
          first_name: string;
          id: string;
          is_active: boolean;
          language: string | null;
          last_name: string;
          last_sign_in_at: string | null;
          location: string | null;
          phone: string | null;
          previous_sign_in_at: string | null;
          role: string;
          specializations: string[];
          updated_at: string;
        };
        Insert: {
          avatar_url?: string | null;
          bio?: string | null;
          created_at?: string;
          email?: string;
          first_name?: string;
          id: string;
          is_active?: boolean;
          language?: string | null;
          last_name?: string;
          last_sign_in_at?: string | null;
          location?: string | null;
          phone?: string | null;
          previous_sign_in_at?: string | null;
          role?: string;
          specializations?: string[];
          updated_at?: string;
        };
        Update: {
          avatar_url?: string | null;
          bio?: string | null;
          created_at?: string;
          email?: string;
          first_name?: string;
          id?: string;
          is_active?: boolean;
          language?: string | null;
          last_name?: string;
          last_sign_in_at?: string | null;
          location?: string | null;
          phone?: string | null;
          previous_sign_in_at?: string | null;
          role?: string;
          specializations?: string[];
          updated_at?: string;
        };
        Relationships: [];
      };
      waiting_list: {
        Row: {
          course_id: string;
          created_at: string;
          id: string;
          student_id: string;
        };
        Insert: {
          course_id: string;
          created_at?: string;
          id?: string;
          student_id: string;
        };
        Update: {
          course_id?: string;
          created_at?: string;
          id?: string;
          student_id?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'waiting_list_course_id_fkey';
            columns: ['course_id'];
            isOneToOne: false;
            referencedRelation: 'courses';
            referencedColumns: ['id'];
          },
          {
            foreignKeyName: 'waiting_list_student_id_fkey';
            columns: ['student_id'];
            isOneToOne: false;
            referencedRelation: 'users';
            referencedColumns: ['id'];
          },
        ];
      };
    };
    Views: {
      activity_list: {
        Row: {
          allow_late_submission: boolean | null;
          cefr_level: string | null;
          class_id: string | null;
          class_scheduled_date: string | null;
          class_title: string | null;
          course_id: string | null;
          course_title: string | null;
          created_at: string | null;
          created_by: string | null;
          description: string | null;
          due_date: string | null;
          effective_course_id: string | null;
          graded_count: number | null;
          id: string | null;
          instructions: string | null;
          is_active: boolean | null;
          max_points: number | null;
          my_feedback: string | null;
          my_feedback_audio: string | null;
          my_grade: number | null;
          my_rubric_scores: Json | null;
          my_submission_id: string | null;
          my_submission_status: string | null;
          my_submitted_at: string | null;
          recording_limit_seconds: number | null;
          rubric: Json | null;
          rubric_id: string | null;
          skills: string[] | null;
          submission_count: number | null;
          title: string | null;
          type: string | null;
          updated_at: string | null;
        };
        Relationships: [];
      };
      calendar_classes: {
        Row: {
          course_id: string | null;
          course_language: string | null;
          course_level: string | null;
          course_title: string | null;
          created_at: string | null;
          description: string | null;
          duration: number | null;
          ends_at: string | null;
          id: string | null;
          meeting_link: string | null;
          my_attendance: boolean | null;
          recording_url: string | null;
          scheduled_date: string | null;
          teacher_id: string | null;
          teacher_name: string | null;
          title: string | null;
          type: string | null;
          updated_at: string | null;
        };
        Relationships: [];
      };
      class_attendance_figures: {
        Row: {
          attendance_rate: number | null;
          attended_count: number | null;
          class_id: string | null;
          roster_count: number | null;
        };
        Relationships: [];
      };
      class_roster: {
        Row: {
          attended: boolean | null;
          attended_at: string | null;
          avatar_url: string | null;
          class_id: string | null;
          course_id: string | null;
          email: string | null;
          enrollment_id: string | null;
          first_name: string | null;
          is_marked: boolean | null;
          last_name: string | null;
          marked_by: string | null;
          student_id: string | null;
        };
        Relationships: [];
      };
      course_catalog: {
        Row: {
          average_rating: number | null;
          category: string | null;
          created_at: string | null;
          description: string | null;
          duration: number | null;
          enrolled_count: number | null;
          id: string | null;
          is_active: boolean | null;
          is_enrolled: boolean | null;
          is_full: boolean | null;
          language: string | null;
          level: string | null;
          max_students: number | null;
          price: number | null;
          review_count: number | null;
          teacher_id: string | null;
          teacher_name: string | null;
          thumbnail_url: string | null;
          title: string | null;
          updated_at: string | null;
        };
        Relationships: [];
      };
      course_review_list: {
        Row: {
          comment: string | null;
          course_id: string | null;
          course_title: string | null;
          created_at: string | null;
          id: string | null;
          rating: number | null;
          student_id: string | null;
          student_name: string | null;
          updated_at: string | null;
        };
        Relationships: [];
      };
      course_roster: {
        Row: {
          category: string | null;
          created_at: string | null;
          description: string | null;
          duration: number | null;
          enrolled_count: number | null;
          id: string | null;
          invoiced: number | null;
          is_active: boolean | null;
          language: string | null;
          level: string | null;
          max_students: number | null;
          outstanding: number | null;
          price: number | null;
          revenue: number | null;
          students: Json | null;
          teacher_id: string | null;
          teacher_name: string | null;
          thumbnail_url: string | null;
          title: string | null;
          updated_at: string | null;
        };
        Relationships: [];
      };
      invoice_balances: {
        Row: {
          course_id: string | null;
          credited: number | null;
          currency: string | null;
          due: number | null;
          due_on: string | null;
          enrollment_id: string | null;
          id: string | null;
          issued_on: string | null;
          net: number | null;
          number: string | null;
          paid: number | null;
          refunded: number | null;
          status: string | null;
          student_email: string | null;
          student_id: string | null;
          student_name: string | null;
          tax: number | null;
          total: number | null;
        };
        Relationships: [];
      };
      invoice_list: {
        Row: {
          course_id: string | null;
          course_title: string | null;
          credited: number | null;
          currency: string | null;
          due: number | null;
          due_on: string | null;
          enrollment_id: string | null;
          id: string | null;
          issued_on: string | null;
          net: number | null;
          number: string | null;
          paid: number | null;
          refunded: number | null;
          status: string | null;
          student_email: string | null;
          student_id: string | null;
          student_name: string | null;
          tax: number | null;
          total: number | null;
        };
        Relationships: [];
      };
      material_list: {
        Row: {
          can_delete: boolean | null;
          cefr_level: string | null;
          course_id: string | null;
          course_title: string | null;
          file_size: number | null;
          id: string | null;
          language: string | null;
          mime_type: string | null;
          skill: string | null;
          storage_path: string | null;
          title: string | null;
          type: string | null;
          uploaded_at: string | null;
          uploaded_by: string | null;
          uploader_name: string | null;
          url: string | null;
        };
        Relationships: [];
      };
      my_courses: {
        Row: {
          category: string | null;
          cefr_level: string | null;
          class_count: number | null;
          created_at: string | null;
          description: string | null;
          duration: number | null;
          enrolled_at: string | null;
          enrolled_count: number | null;
          enrollment_id: string | null;
          enrollment_status: string | null;
          id: string | null;
          is_active: boolean | null;
          language: string | null;
          level: string | null;
          max_students: number | null;
          next_class_at: string | null;
          price: number | null;
          progress: number | null;
          relation: string | null;
          teacher_id: string | null;
          teacher_name: string | null;
          thumbnail_url: string | null;
          title: string | null;
        };
        Relationships: [];
      };
      my_students: {
        Row: {
          activity_count: number | null;
          at_risk: boolean | null;
          attendance_rate: number | null;
          attended_classes: number | null;
          attended_held_classes: number | null;
          attended_minutes: number | null;
          avatar_url: string | null;
          average_grade_percent: number | null;
          course_id: string | null;
          course_title: string | null;
          due_work: number | null;
          email: string | null;
          enrolled_at: string | null;
          enrollment_id: string | null;
          first_name: string | null;
          graded_activity_count: number | null;
          graded_count: number | null;
          handed_in_work: number | null;
          held_classes: number | null;
          last_activity_at: string | null;
          last_name: string | null;
          low_attendance: boolean | null;
          missing_work: boolean | null;
          progress: number | null;
          status: string | null;
          student_id: string | null;
          student_is_active: boolean | null;
          study_hours: number | null;
          submission_count: number | null;
          total_classes: number | null;
        };
        Relationships: [];
      };
      overdue_invoices: {
        Row: {
          course_id: string | null;
          credited: number | null;
          currency: string | null;
          days_overdue: number | null;
          due: number | null;
          due_on: string | null;
          enrollment_id: string | null;
          id: string | null;
          issued_on: string | null;
          net: number | null;
          number: string | null;
          paid: number | null;
          refunded: number | null;
          status: string | null;
          student_email: string | null;
          student_id: string | null;
          student_name: string | null;
          tax: number | null;
          total: number | null;
        };
        Relationships: [];
      };
      overdue_reminders: {
        Row: {
          course_id: string | null;
          credited: number | null;
          currency: string | null;
          days_overdue: number | null;
          due: number | null;
          due_on: string | null;
          enrollment_id: string | null;
          id: string | null;
          issued_on: string | null;
          last_reminded_at: string | null;
          net: number | null;
          number: string | null;
          paid: number | null;
          refunded: number | null;
          reminders_sent: number | null;
          status: string | null;
          student_email: string | null;
          student_id: string | null;
          student_name: string | null;
          tax: number | null;
          total: number | null;
        };
        Relationships: [];
      };
      student_balances: {
        Row: {
          balance: number | null;
          credited: number | null;
          invoiced: number | null;
          open_invoices: number | null;
          overdue: number | null;
          paid: number | null;
          refunded: number | null;
          student_email: string | null;
          student_id: string | null;
          student_name: string | null;
        };
        Relationships: [];
      };
      submission_list: {
        Row: {
          activity_id: string | null;
          activity_title: string | null;
          activity_type: string | null;
          course_id: string | null;
          course_title: string | null;
          created_at: string | null;
          due_date: string | null;
          feedback: string | null;
          feedback_audio: string | null;
          file_names: string[] | null;
          file_urls: string[] | null;
          grade: number | null;
          graded_at: string | null;
          graded_by: string | null;
          id: string | null;
          is_late: boolean | null;
          max_points: number | null;
          rubric_scores: Json | null;
          status: string | null;
          student_avatar_url: string | null;
          student_email: string | null;
          student_id: string | null;
          student_name: string | null;
          submission_text: string | null;
          submitted_at: string | null;
          updated_at: string | null;
        };
        Relationships: [];
      };
      teacher_profiles: {
        Row: {
          avatar_url: string | null;
          first_name: string | null;
          id: string | null;
          last_name: string | null;
          specializations: string[] | null;
        };
        Relationships: [];
      };
    };
    Functions: {
      activity_stats: {
        Args: never;
        Returns: {
          total: number;
          active_courses: number;
          scheduled_classes: number;
          due_this_week: number;
        }[];
      };
      balance: {
        Args: {
          arg1: unknown;
        };
        Returns: Database['public']['Views']['invoice_balances']['Row'][];
      };
      claim_mail_batch: {
        Args: {
          batch_size?: number;
        };
        Returns: Json;
      };
      claim_notification_mail: {
        Args: {
          batch_size?: number;
        };
        Returns: Json;
      };
      claim_storage_deletions: {
        Args: {
          batch_size?: number;
        };
        Returns: Json;
      };
      class_stats: {
        Args: never;
        Returns: {
          total: number;
          live: number;
          recorded: number;
          total_minutes: number;
        }[];
      };
      confirm_email_correction: {
        Args: {
          token_hash: string;
        };
        Returns: Json;
      };
      course_waiting_list: {
        Args: {
          course_uuid: string;
        };
        Returns: {
          id: string;
          student_id: string;
          first_name: string;
          last_name: string;
          joined_at: string;
          position: number;
        }[];
      };
      enroll_students_in_course: {
        Args: {
          course_uuid: string;
          emails: string[];
        };
        Returns: Json;
      };
      enroll_user_in_course: {
        Args: {
          user_uuid: string;
          course_uuid: string;
        };
        Returns: Json;
      };
      expire_seat_holds: {
        Args: never;
        Returns: number;
      };
      finish_storage_deletions: {
        Args: {
          claim: string;
          removed: number[];
          error?: string;
        };
        Returns: number;
      };
      get_activity_management: {
        Args: {
          search?: string;
          course_uuid?: string;
          activity_type?: string;
          active?: boolean;
          page?: number;
          page_size?: number;
        };
        Returns: Json;
      };
      get_admin_dashboard: {
        Args: {
          period?: string;
          time_zone?: string;
        };
        Returns: Json;
      };
      get_app_settings: {
        Args: never;
        Returns: Json;
      };
      get_calendar_month: {
        Args: {
          range_start: string;
          range_end: string;
          time_zone?: string;
          day_limit?: number;
          upcoming_limit?: number;
          course_uuid?: string;
          teacher_uuid?: string;
        };
        Returns: Json;
      };
      get_class_management: {
        Args: {
          search?: string;
          course_uuid?: string;
          teacher_uuid?: string;
          date_from?: string;
          date_to?: string;
          descending?: boolean;
          page?: number;
          page_size?: number;
        };
        Returns: Json;
      };
      get_course_detail: {
        Args: {
          course_uuid: string;
          class_page?: number;
          class_page_size?: number;
        };
        Returns: Json;
      };
      get_course_files: {
        Args: {
          course_uuid: string;
        };
        Returns: Json;
      };
      get_course_gradebook: {
        Args: {
          course_uuid: string;
        };
        Returns: Json;
      };
      get_course_management_stats: {
        Args: never;
        Returns: Json;
      };
      get_my_student_detail: {
        Args: {
          student_uuid: string;
          graded_limit?: number;
        };
        Returns: Json;
      };
      get_my_students: {
        Args: {
          search?: string;
          course_uuid?: string;
          page?: number;
          page_size?: number;
        };
        Returns: Json;
      };
      get_my_students_overview: {
        Args: {
          search?: string;
          course_uuid?: string;
          page?: number;
          page_size?: number;
          event_limit?: number;
        };
        Returns: Json;
      };
      get_public_settings: {
        Args: never;
        Returns: Json;
      };
      get_revenue: {
        Args: {
          from_date: string;
          to_date: string;
        };
        Returns: Json;
      };
      get_skill_progress: {
        Args: {
          student_uuid: string;
        };
        Returns: Json;
      };
      get_student_billing: {
        Args: never;
        Returns: Json;
      };
      get_student_dashboard: {
        Args: {
          course_limit?: number;
          class_limit?: number;
        };
        Returns: Json;
      };
      get_student_stats: {
        Args: {
          student_uuid: string;
        };
        Returns: Json;
      };
      get_submission_place: {
        Args: {
          submission_uuid: string;
        };
        Returns: Json;
      };
      get_teacher_dashboard: {
        Args: {
          upcoming_limit?: number;
          recent_limit?: number;
        };
        Returns: Json;
      };
      get_teacher_management_page: {
        Args: {
          search?: string;
          specialization?: string;
          is_active?: boolean;
          page_number?: number;
          page_size?: number;
        };
        Returns: Json;
      };
      get_teacher_management_stats: {
        Args: never;
        Returns: Json;
      };
      get_user_counts: {
        Args: never;
        Returns: Json;
      };
      has_two_factor: {
        Args: {
          arg1: unknown;
        };
        Returns: boolean;
      };
      issue_credit_note: {
        Args: {
          invoice_uuid: string;
          amount: number;
          reason: string;
        };
        Returns: string;
      };
      issue_invoice: {
        Args: {
          student_uuid: string;
          lines: Json;
          course_uuid?: string;
        };
        Returns: string;
      };
      join_waiting_list: {
        Args: {
          course_uuid: string;
        };
        Returns: Json;
      };
      mail_recipient: {
        Args: {
          user_id: string;
        };
        Returns: Json;
      };
      mark_conversation_read: {
        Args: {
          conversation_id: string;
        };
        Returns: string;
      };
      mark_notifications_read: {
        Args: {
          ids?: string[];
        };
        Returns: number;
      };
      material_stats: {
        Args: never;
        Returns: {
          total: number;
          documents: number;
          videos: number;
          audio: number;
          links: number;
          total_size: number;
        }[];
      };
      message_contacts: {
        Args: {
          search?: string;
        };
        Returns: {
          id: string;
          first_name: string;
          last_name: string;
          avatar_url: string;
          role: string;
        }[];
      };
      message_inbox: {
        Args: {
          search?: string;
        };
        Returns: {
          conversation_id: string;
          other_id: string;
          other_first_name: string;
          other_last_name: string;
          other_avatar_url: string;
          other_role: string;
          can_write: boolean;
          last_message_body: string;
          last_message_has_attachment: boolean;
          last_message_sender_id: string;
          last_message_at: string;
          unread_count: number;
        }[];
      };
      my_seat_holds: {
        Args: never;
        Returns: {
          id: string;
          course_id: string;
          course_title: string;
          held_until: string;
          invoice_id: string;
          invoice_number: string;
          amount_due: number;
          currency: string;
          time_zone: string;
        }[];
      };
      my_waiting_list: {
        Args: never;
        Returns: {
          id: string;
          course_id: string;
          course_title: string;
          joined_at: string;
          position: number;
        }[];
      };
      payments_report: {
        Args: {
          from_date: string;
          to_date: string;
        };
        Returns: Json;
      };
      queue_due_reminders: {
        Args: never;
        Returns: number;
      };
      queue_mail: {
        Args: {
          kind: string;
          to_email: string;
          subject: string;
          text_body: string;
          html_body: string;
        };
        Returns: string;
      };
      queue_notification_mail: {
        Args: {
          mail_id: string;
          claim: string;
          subject: string;
          text_body: string;
          html_body: string;
        };
        Returns: boolean;
      };
      queue_overdue_reminders: {
        Args: never;
        Returns: number;
      };
      reassign_teacher_courses: {
        Args: {
          from_teacher: string;
          to_teacher: string;
        };
        Returns: number;
      };
      record_mail_outcome: {
        Args: {
          mail_id: string;
          claim: string;
          outcome: string;
          error?: string;
        };
        Returns: string;
      };
      record_online_payment: {
        Args: {
          invoice_uuid: string;
          amount: number;
          provider_event_id: string;
          paid_on?: string;
          reference?: string;
        };
        Returns: Json;
      };
      record_payment: {
        Args: {
          invoice_uuid: string;
          amount: number;
          method: string;
          paid_on?: string;
          reference?: string;
        };
        Returns: string;
      };
      record_refund: {
        Args: {
          invoice_uuid: string;
          amount: number;
          method: string;
          refunded_on?: string;
          reference?: string;
        };
        Returns: string;
      };
      request_email_correction: {
        Args: {
          user_id: string;
          new_email: string;
          token_hash: string;
          redirect_to: string;
        };
        Returns: undefined;
      };
      save_class_attendance: {
        Args: {
          class_uuid: string;
          present_user_ids?: string[];
          absent_user_ids?: string[];
        };
        Returns: Json;
      };
      send_overdue_reminders: {
        Args: {
          invoice_uuids?: string[];
        };
        Returns: number;
      };
      set_smtp_password: {
        Args: {
          password: string;
        };
        Returns: undefined;
      };
      start_conversation: {
        Args: {
          other_id: string;
        };
        Returns: string;
      };
      student_statement: {
        Args: {
          student_uuid: string;
        };
        Returns: Json;
      };
      teacher_profile: {
        Args: {
          arg1: unknown;
        };
        Returns: Database['public']['Views']['teacher_profiles']['Row'][];
      };
      two_factor_required_for_me: {
        Args: never;
        Returns: boolean;
      };
      unenroll_user_from_course: {
        Args: {
          user_uuid: string;
          course_uuid: string;
        };
        Returns: Json;
      };
      unread_message_count: {
        Args: never;
        Returns: number;
      };
      uploader_profile: {
        Args: {
          arg1: unknown;
        };
        Returns: Database['public']['Views']['teacher_profiles']['Row'][];
      };
    };
    Enums: {
      [_ in never]: never;
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};

type DefaultSchema = Database['public'];

export type Tables<Name extends keyof (DefaultSchema['Tables'] & DefaultSchema['Views'])> =
  (DefaultSchema['Tables'] & DefaultSchema['Views'])[Name] extends { Row: infer Row } ? Row : never;

export type TablesInsert<Name extends keyof DefaultSchema['Tables']> =
  DefaultSchema['Tables'][Name]['Insert'];

export type TablesUpdate<Name extends keyof DefaultSchema['Tables']> =
  DefaultSchema['Tables'][Name]['Update'];

export type Enums<Name extends keyof DefaultSchema['Enums']> = DefaultSchema['Enums'][Name];

export type CompositeTypes<Name extends keyof DefaultSchema['CompositeTypes']> =
  DefaultSchema['CompositeTypes'][Name];
