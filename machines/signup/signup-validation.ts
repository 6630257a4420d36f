import { checkPassword } from '../password/password-policy.ts'
import type { SignupErrors, SignupValues } from './signup.types.ts'

/** The steps of signup that hold fields, in order. */
export type SignupStep = 'name' | 'password' | 'terms'

/** The errors of one step's fields; empty when the step may be left forwards. */
export function validateSignupStep(step: SignupStep, values: SignupValues, email: string): SignupErrors {
  switch (step) {
    case 'name': {
      const errors: SignupErrors = {}
      if (!values.firstName.trim()) errors.firstName = 'required'
      if (!values.lastName.trim()) errors.lastName = 'required'
      return errors
    }
    case 'password': {
      const code = checkPassword(values.password, email)
      return code ? { password: code } : {}
    }
    case 'terms':
      return values.gtc ? {} : { gtc: 'required' }
  }
}
